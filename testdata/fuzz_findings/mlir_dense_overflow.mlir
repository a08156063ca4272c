module   attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<8xf32>, %arg1: tensor<8xf32>) -> (tensor<f32> {jax.result_info = "result[0]"}, tensor<8xf32> {jax.result_info = "result[1]"}, tensor<8xf32> {jax.result_info = "result[2]"}, tensor<8xf32> {jax.result_info = "result[3]"}, tensor<8xf32> {jax.result_info = "result[4]"}) {
    %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %cst_0 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %0 = stablehlo.broadcast_in_dim %cst_0, dims = [] : (tensor<f32>) -> tensor<8xf32>
    %c = stablehlo.constant dense<0> : tensor<i32>
    %1:4 = stablehlo.while(%iterArg = %arg0, %iterArg_8 = %c, %iterArg_9 = %cst, %iterArg_10 = %0) : tensor<8xf32>, tensor<i32>, tensor<f32>, tensor<8xf32>
    cond {
      %c_11 = stablehlo.constant dense<8> : tensor<i32>
      %13 = stablehlo.compare LT, %iterArg_8, %c_11,@jit__cond_scan_whileSIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
      stablehlo.return %13 : tensor<i1>
    } do {
      %13 = func.call @dynamic_index_in_dim(%iterArg, %iterArg_8) : (tensor<8xf32>, tensor<i32>) -> tensor<f32>
      %cst_11 = stablehlo.constant dense<0.899999976> : tensor<f32>
      %14 = stablehlo.multiply %iterArg_9, %cst_11 : tensor<f32>
      %15 = stablehlo.tanh %13 : tensor<f32>
      %16 = stablehlo.add %14, %15 : tensor<f32>
      %cst_12 = stablehlo.constant dense<2.000000e+00> : tensor<f32>
      %17 = stablehlo.multiply %16, %cst_12 : tensor<f32>
      %18 = func.call @dynamic_update_index_in_dim(%iterArg_10, %17, %iterArg_8) : (tensor<8xf32>, tensor<f32>, tensor<i32>) -> tensor<8xf32>
      %c_13 = stablehlo.constant dense<1> : tensor<i32>
      %19 = stablehlo.add %iterArg_8, %c_13 : tensor<i32>
      stablehlo.return %iterArg, %19, %16, %18 : tensor<8xf32>, tensor<i32>, tensor<f32>, tensor<8xf32>
    }
    %cst_1 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %2 = stablehlo.compare GT, %1#2, %cst_1, FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
    %3 = stablehlo.convert %2 : (tensor<i1>) -> tensor<i32>
    %4 = "stablehlo.case"(%3) ({
      %13 = stablehlo.subtract %arg0, %arg1 : tensor<8xf32>
      stablehlo.return %13 : tensor<8xf32>
    }, {
      %13 = stablehlo.add %arg0, %arg1 : tensor<8xf32>
      stablehlo.return %13 : tensor<8xf32>
    }) : (tensor<i32>) -> tensor<8xf32>
    %c_2 = stablehlo.constant dense<0> : tensor<i32>
    %5:3 = stablehlo.while(%iterArg = %arg1, %iterArg_8 = %c_2, %iterArg_9 = %arg0) : tensor<8xf32>, tensor<i32>, tensor<8xf32>
    cond {
      %c_10 = stablehlo.constant dense<5> : tensor<i32>
      %13 = stablehlo.compare LT, %iterArg_8, %c_10, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
      stablehlo.return %13 : tensor<i1>
    } do {
      %c_10 = stablehlo.constant dense<1> : tensor<i32>
      %13 = stablehlo.add %iterArg_8, %c_10 : tensor<i32>
      %cst_11 = stablehlo.constant dense<1.100000e+00> : tensor<f32>
      %14 = stablehlo.broadcast_in_dim %cst_11, dims = [] : (tensor<f32>) -> tensor<8xf32>
      %15 = stablehlo.multiply %iterArg_9, %14 : tensor<8xf32>
      %16 = stablehlo.add %15, %iterArg : tensor<8xf32>
      stablehlo.return %iterArg, %13, %16 : tensor<8xf32>, tensor<i32>, tensor<8xf32>
    }
    %cst_3 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %6 = stablehlo.broadcast_in_dim %cst_3, dims = [] : (tensor<f32>) -> tensor<8xf32>
    %7 = stablehlo.compare GT, %arg0, %6, FLOAT : (tensor<8xf32>, tensor<8xf32>) -> tensor<8xi1>
    %8 = stablehlo.convert %7 : (tensor<8xi1>) -> tensor<8xi32>
    %c_4 = stablehlo.constant dense<0> : tensor<i32>
    %9 = stablehlo.reduce(%8 init: %c_4) applies stablehlo.add across dimensions = [0] : (tensor<8xi32>, tensor<i32>) -> tensor<i32>
    %c_5 = stablehlo.constant dense<3> : tensor<i32>
    %10 = call @remainder(%9, %c_5) : (tensor<i32>, tensor<i32>) -> tensor<i32>
    %c_6 = stablehlo.constant dense<0> : tensor<i32>
    %c_7 = stablehlo.constant dense<2> : tensor<i32>
    %11 = stablehlo.clamp %c_6, %10, %c_7 : tensor<i32>
    %12 = "stablehlo.case"(%11) ({
      stablehlo.return %arg1 : tensor<8xf32>
    }, {
      %cst_8 = stablehlo.constant dense<2.000000e+00> : tensor<f32>
      %13 = stablehlo.broadcast_in_dim %cst_8, dims = [] : (tensor<f32>) -> tensor<8xf32>
      %14 = stablehlo.multiply %arg1, %13 : tensor<8xf32>
      stablehlo.return %14 : tensor<8xf32>
    }, {
      %13 = stablehlo.negate %arg1 : tensor<8xf32>
      stablehlo.return %13 : tensor<8xf32>
    }) : (tensor<i32>) -> tensor<8xf32>
    return %1#2, %1#3, %4, %5#2, %12 : tensor<f32>, tensor<8xf32>, tensor<8xf32>, tensor<8xf32>, tensor<8xf32>
  }
  func.func private @dynamic_index_in_dim(%arg0: tensor<8xf32>, %arg1: tensor<i32>) -> tensor<f32> {
    %0 = stablehlo.dynamic_slice %arg0, %arg1, sizes = [1] : (tensor<8xf32>, tensor<i32>) -> tensor<1xf32>
    %1 = stablehlo.reshape %0 : (tensor<1xf32>) -> tensor<f32>
    return %1 : tensor<f32>
  }
  func.func private @dynamic_update_index_in_dim(%arg0: tensor<8xf32>, %arg1: tensor<f32>, %arg2: tensor<i32>) -> tensor<8xf32> {
    %0 = stablehlo.broadcast_in_dim %arg1, dims = [] : (tensor<f32>) -> tensor<1xf32>
    %1 = stablehlo.dynamic_update_slice %arg0, %0, %arg2 : (tensor<8xf32>, tensor<1xf32>, tensor<i32>) -> tensor<8xf32>
    return %1 : tensor<8xf32>
  }
  func.func private @remainder(%arg0: tensor<i32>, %arg1: tensor<i32>) -> tensor<i32> {
    %0 = stablehlo.convert %arg1 : tensor<i32>
    %c = stablehlo.constant dense<0> : tensor<i32>
    %1 = stablehlo.compare EQ, %0, %c, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
    %c_0 = stablehlo.constant dense<18446744073709551616> : tensor<i32>
    %2 = call @_where(%1, %c_0, %0) : (tensor<i1>, tensor<i32>, tensor<i32>) -> tensor<i32>
    %3 = stablehlo.remainder %arg0, %2 : tensor<i32>
    %c_1 = stablehlo.constant dense<0> : tensor<i32>
    %4 = stablehlo.compare NE, %3, %c_1, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
    %c_2 = stablehlo.constant dense<0> : tensor<i32>
    %5 = stablehlo.compare LT, %3, %c_2, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
    %c_3 = stablehlo.constant dense<0> : tensor<i32>
    %6 = stablehlo.compare LT, %2, %c_3, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
    %7 = stablehlo.compare NE, %5, %6, UNSIGNED : (tensor<i1>, tensor<i1>) -> tensor<i1>
    %8 = stablehlo.and %7, %4 : tensor<i1>
    %9 = stablehlo.add %3, %2 : tensor<i32>
    %10 = stablehlo.select %8, %9, %3 : tensor<i1>, tensor<i32>
    return %10 : tensor<i32>
  }
  func.func private @_where(%arg0: tensor<i1>, %arg1: tensor<i32>, %arg2: tensor<i32>) -> tensor<i32> {
    %0 = stablehlo.select %arg0, %arg1, %arg2 : tensor<i1>, tensor<i32>
    return %0 : tensor<i32>
  }
}
