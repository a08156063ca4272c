module @jit__int_bits attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<16xi32>, %arg1: tensor<16xui8>) -> (tensor<16xi32> {jax.result_info = "result[0]"}, tensor<16xi32> {jax.result_info = "result[1]"}, tensor<16xi32> {jax.result_info = "result[2]"}, tensor<16xi32> {jax.result_info = "result[3]"}, tensor<16xui8> {jax.result_info = "result[4]"}, tensor<16xui8> {jax.result_info = "result[5]"}, tensor<16xi32> {jax.result_info = "result[6]"}, tensor<16xi32> {jax.result_info = "result[7]"}, tensor<16xi32> {jax.result_info = "result[8]"}, tensor<16xi1> {jax.result_info = "result[9]"}, tensor<16xf32> {jax.result_info = "result[10]"}) {
    %0 = stablehlo.popcnt %arg0 : tensor<16xi32>
    %1 = stablehlo.count_leading_zeros %arg0 : tensor<16xi32>
    %c = stablehlo.constant dense<3> : tensor<i32>
    %2 = stablehlo.broadcast_in_dim %c, dims = [] : (tensor<i32>) -> tensor<16xi32>
    %3 = stablehlo.shift_left %arg0, %2 : tensor<16xi32>
    %c_0 = stablehlo.constant dense<2> : tensor<i32>
    %4 = stablehlo.broadcast_in_dim %c_0, dims = [] : (tensor<i32>) -> tensor<16xi32>
    %5 = stablehlo.shift_right_logical %arg0, %4 : tensor<16xi32>
    %6 = stablehlo.not %arg1 : tensor<16xui8>
    %c_1 = stablehlo.constant dense<3> : tensor<i32>
    %7 = call @floor_divide(%arg1, %c_1) : (tensor<16xui8>, tensor<i32>) -> tensor<16xui8>
    %c_2 = stablehlo.constant dense<4> : tensor<i32>
    %8 = call @remainder(%arg0, %c_2) : (tensor<16xi32>, tensor<i32>) -> tensor<16xi32>
    %9 = stablehlo.sign %arg0 : tensor<16xi32>
    %c_3 = stablehlo.constant dense<0> : tensor<i32>
    %10 = stablehlo.broadcast_in_dim %c_3, dims = [] : (tensor<i32>) -> tensor<16xi32>
    %11 = stablehlo.maximum %arg0, %10 : tensor<16xi32>
    %c_4 = stablehlo.constant dense<0> : tensor<i32>
    %12 = stablehlo.broadcast_in_dim %c_4, dims = [] : (tensor<i32>) -> tensor<16xi32>
    %13 = stablehlo.compare GT, %arg0, %12, SIGNED : (tensor<16xi32>, tensor<16xi32>) -> tensor<16xi1>
    %c_5 = stablehlo.constant dense<2> : tensor<ui8>
    %14 = stablehlo.broadcast_in_dim %c_5, dims = [] : (tensor<ui8>) -> tensor<16xui8>
    %15 = stablehlo.compare GT, %arg1, %14, UNSIGNED : (tensor<16xui8>, tensor<16xui8>) -> tensor<16xi1>
    %16 = stablehlo.and %13, %15 : tensor<16xi1>
    %17 = stablehlo.bitcast_convert %arg0 : (tensor<16xi32>) -> tensor<16xf32>
    return %0, %1, %3, %5, %6, %7, %8, %9, %11, %16, %17 : tensor<16xi32>, tensor<16xi32>, tensor<16xi32>, tensor<16xi32>, tensor<16xui8>, tensor<16xui8>, tensor<16xi32>, tensor<16xi32>, tensor<16xi32>, tensor<16xi1>, tensor<16xf32>
  }
  func.func private @floor_divide(%arg0: tensor<16xui8>, %arg1: tensor<i32>) -> tensor<16xui8> {
    %0 = stablehlo.convert %arg1 : (tensor<i32>) -> tensor<ui8>
    %1 = stablehlo.broadcast_in_dim %0, dims = [] : (tensor<ui8>) -> tensor<16xui8>
    %2 = stablehlo.divide %arg0, %1 : tensor<16xui8>
    return %2 : tensor<16xui8>
  }
  func.func private @remainder(%arg0: tensor<16xi32>, %arg1: tensor<i32>) -> tensor<16xi32> {
    %0 = stablehlo.convert %arg1 : tensor<i32>
    %c = stablehlo.constant dense<0> : tensor<i32>
    %1 = stablehlo.compare EQ, %0, %c, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
    %c_0 = stablehlo.constant dense<1> : tensor<i32>
    %2 = call @_where(%1, %c_0, %0) : (tensor<i1>, tensor<i32>, tensor<i32>) -> tensor<i32>
    %3 = stablehlo.broadcast_in_dim %2, dims = [] : (tensor<i32>) -> tensor<16xi32>
    %4 = stablehlo.remainder %arg0, %3 : tensor<16xi32>
    %c_1 = stablehlo.constant dense<0> : tensor<i32>
    %5 = stablehlo.broadcast_in_dim %c_1, dims = [] : (tensor<i32>) -> tensor<16xi32>
    %6 = stablehlo.compare NE, %4, %5, SIGNED : (tensor<16xi32>, tensor<16xi32>) -> tensor<16xi1>
    %c_2 = stablehlo.constant dense<0> : tensor<i32>
    %7 = stablehlo.broadcast_in_dim %c_2, dims = [] : (tensor<i32>) -> tensor<16xi32>
    %8 = stablehlo.compare LT, %4, %7, SIGNED : (tensor<16xi32>, tensor<16xi32>) -> tensor<16xi1>
    %c_3 = stablehlo.constant dense<0> : tensor<i32>
    %9 = stablehlo.compare LT, %2, %c_3, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
    %10 = stablehlo.broadcast_in_dim %9, dims = [] : (tensor<i1>) -> tensor<16xi1>
    %11 = stablehlo.compare NE, %8, %10, UNSIGNED : (tensor<16xi1>, tensor<16xi1>) -> tensor<16xi1>
    %12 = stablehlo.and %11, %6 : tensor<16xi1>
    %13 = stablehlo.broadcast_in_dim %2, dims = [] : (tensor<i32>) -> tensor<16xi32>
    %14 = stablehlo.add %4, %13 : tensor<16xi32>
    %15 = stablehlo.select %12, %14, %4 : tensor<16xi1>, tensor<16xi32>
    return %15 : tensor<16xi32>
  }
  func.func private @_where(%arg0: tensor<i1>, %arg1: tensor<i32>, %arg2: tensor<i32>) -> tensor<i32> {
    %0 = stablehlo.select %arg0, %arg1, %arg2 : tensor<i1>, tensor<i32>
    return %0 : tensor<i32>
  }
}
