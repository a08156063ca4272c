module @jit__attention attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<2x4x8xf32>, %arg1: tensor<8x8xf32>) -> (tensor<2x4x8xf32> {jax.result_info = "result[0]"}, tensor<2x4xi32> {jax.result_info = "result[1]"}, tensor<4x4xi32> {jax.result_info = "result[2]"}, tensor<f32> {jax.result_info = "result[3]"}, tensor<f32> {jax.result_info = "result[4]"}, tensor<i1> {jax.result_info = "result[5]"}, tensor<2x4xf32> {jax.result_info = "result[6]"}, tensor<4x4xf32> {jax.result_info = "result[7]"}, tensor<2x4x8xf32> {jax.result_info = "result[8]"}) {
    %0 = stablehlo.dot_general %arg0, %arg1, contracting_dims = [2] x [0], precision = [DEFAULT, DEFAULT] : (tensor<2x4x8xf32>, tensor<8x8xf32>) -> tensor<2x4x8xf32>
    %1 = stablehlo.dot_general %0, %arg0, batching_dims = [0] x [0], contracting_dims = [2] x [2], precision = [DEFAULT, DEFAULT] : (tensor<2x4x8xf32>, tensor<2x4x8xf32>) -> tensor<2x4x4xf32>
    %cst = stablehlo.constant dense<8.000000e+00> : tensor<f32>
    %2 = stablehlo.sqrt %cst : tensor<f32>
    %3 = stablehlo.convert %2 : tensor<f32>
    %4 = stablehlo.broadcast_in_dim %3, dims = [] : (tensor<f32>) -> tensor<2x4x4xf32>
    %5 = stablehlo.divide %1, %4 : tensor<2x4x4xf32>
    %cst_0 = stablehlo.constant dense<0xFF800000> : tensor<f32>
    %6 = stablehlo.reduce(%5 init: %cst_0) applies stablehlo.maximum across dimensions = [2] : (tensor<2x4x4xf32>, tensor<f32>) -> tensor<2x4xf32>
    %cst_1 = stablehlo.constant dense<0xFF800000> : tensor<f32>
    %7 = stablehlo.broadcast_in_dim %cst_1, dims = [] : (tensor<f32>) -> tensor<2x4xf32>
    %8 = stablehlo.maximum %7, %6 : tensor<2x4xf32>
    %9 = stablehlo.broadcast_in_dim %8, dims = [0, 1] : (tensor<2x4xf32>) -> tensor<2x4x1xf32>
    %10 = stablehlo.broadcast_in_dim %9, dims = [0, 1, 2] : (tensor<2x4x1xf32>) -> tensor<2x4x4xf32>
    %11 = stablehlo.subtract %5, %10 : tensor<2x4x4xf32>
    %12 = stablehlo.exponential %11 : tensor<2x4x4xf32>
    %cst_2 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %13 = stablehlo.reduce(%12 init: %cst_2) applies stablehlo.add across dimensions = [2] : (tensor<2x4x4xf32>, tensor<f32>) -> tensor<2x4xf32>
    %14 = stablehlo.broadcast_in_dim %13, dims = [0, 1] : (tensor<2x4xf32>) -> tensor<2x4x1xf32>
    %15 = stablehlo.broadcast_in_dim %14, dims = [0, 1, 2] : (tensor<2x4x1xf32>) -> tensor<2x4x4xf32>
    %16 = stablehlo.divide %12, %15 : tensor<2x4x4xf32>
    %17 = stablehlo.dot_general %16, %arg0, batching_dims = [0] x [0], contracting_dims = [2] x [1], precision = [DEFAULT, DEFAULT] : (tensor<2x4x4xf32>, tensor<2x4x8xf32>) -> tensor<2x4x8xf32>
    %cst_3 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %18 = stablehlo.reduce(%17 init: %cst_3) applies stablehlo.add across dimensions = [2] : (tensor<2x4x8xf32>, tensor<f32>) -> tensor<2x4xf32>
    %19 = stablehlo.broadcast_in_dim %18, dims = [0, 1] : (tensor<2x4xf32>) -> tensor<2x4x1xf32>
    %cst_4 = stablehlo.constant dense<8.000000e+00> : tensor<f32>
    %20 = stablehlo.broadcast_in_dim %cst_4, dims = [] : (tensor<f32>) -> tensor<2x4x1xf32>
    %21 = stablehlo.divide %19, %20 : tensor<2x4x1xf32>
    %22 = stablehlo.broadcast_in_dim %21, dims = [0, 1, 2] : (tensor<2x4x1xf32>) -> tensor<2x4x8xf32>
    %23 = stablehlo.subtract %17, %22 : tensor<2x4x8xf32>
    %c = stablehlo.constant dense<0> : tensor<i32>
    %24 = call @_var(%17, %c) : (tensor<2x4x8xf32>, tensor<i32>) -> tensor<2x4x1xf32>
    %cst_5 = stablehlo.constant dense<9.99999974E-6> : tensor<f32>
    %25 = stablehlo.broadcast_in_dim %cst_5, dims = [] : (tensor<f32>) -> tensor<2x4x1xf32>
    %26 = stablehlo.add %24, %25 : tensor<2x4x1xf32>
    %27 = stablehlo.rsqrt %26 : tensor<2x4x1xf32>
    %28 = stablehlo.broadcast_in_dim %27, dims = [0, 1, 2] : (tensor<2x4x1xf32>) -> tensor<2x4x8xf32>
    %29 = stablehlo.multiply %23, %28 : tensor<2x4x8xf32>
    %30 = call @argmax(%5) : (tensor<2x4x4xf32>) -> tensor<2x4xi32>
    %31 = call @argmin(%5) : (tensor<2x4x4xf32>) -> tensor<4x4xi32>
    %cst_6 = stablehlo.constant dense<0xFF800000> : tensor<f32>
    %32 = stablehlo.reduce(%5 init: %cst_6) applies stablehlo.maximum across dimensions = [0, 1, 2] : (tensor<2x4x4xf32>, tensor<f32>) -> tensor<f32>
    %33 = stablehlo.slice %16 [0:1, 0:1, 0:4] : (tensor<2x4x4xf32>) -> tensor<1x1x4xf32>
    %34 = stablehlo.reshape %33 : (tensor<1x1x4xf32>) -> tensor<4xf32>
    %cst_7 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %35 = stablehlo.reduce(%34 init: %cst_7) applies stablehlo.multiply across dimensions = [0] : (tensor<4xf32>, tensor<f32>) -> tensor<f32>
    %cst_8 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %36 = stablehlo.broadcast_in_dim %cst_8, dims = [] : (tensor<f32>) -> tensor<2x4x4xf32>
    %37 = stablehlo.compare GT, %5, %36, FLOAT : (tensor<2x4x4xf32>, tensor<2x4x4xf32>) -> tensor<2x4x4xi1>
    %c_9 = stablehlo.constant dense<false> : tensor<i1>
    %38 = stablehlo.reduce(%37 init: %c_9) applies stablehlo.or across dimensions = [0, 1, 2] : (tensor<2x4x4xi1>, tensor<i1>) -> tensor<i1>
    %cst_10 = stablehlo.constant dense<0xFF800000> : tensor<f32>
    %39 = stablehlo.reduce(%5 init: %cst_10) applies stablehlo.maximum across dimensions = [1] : (tensor<2x4x4xf32>, tensor<f32>) -> tensor<2x4xf32>
    %cst_11 = stablehlo.constant dense<0xFF800000> : tensor<f32>
    %40 = stablehlo.broadcast_in_dim %cst_11, dims = [] : (tensor<f32>) -> tensor<2x4xf32>
    %41 = stablehlo.maximum %40, %39 : tensor<2x4xf32>
    %42 = stablehlo.is_finite %41 : (tensor<2x4xf32>) -> tensor<2x4xi1>
    %cst_12 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %43 = stablehlo.broadcast_in_dim %cst_12, dims = [] : (tensor<f32>) -> tensor<2x4xf32>
    %44 = stablehlo.select %42, %41, %43 : tensor<2x4xi1>, tensor<2x4xf32>
    %45 = stablehlo.broadcast_in_dim %44, dims = [0, 2] : (tensor<2x4xf32>) -> tensor<2x1x4xf32>
    %46 = stablehlo.broadcast_in_dim %45, dims = [0, 1, 2] : (tensor<2x1x4xf32>) -> tensor<2x4x4xf32>
    %47 = stablehlo.subtract %5, %46 : tensor<2x4x4xf32>
    %48 = stablehlo.exponential %47 : tensor<2x4x4xf32>
    %cst_13 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %49 = stablehlo.reduce(%48 init: %cst_13) applies stablehlo.add across dimensions = [1] : (tensor<2x4x4xf32>, tensor<f32>) -> tensor<2x4xf32>
    %50 = stablehlo.sign %49 : tensor<2x4xf32>
    %51 = stablehlo.abs %49 : tensor<2x4xf32>
    %52 = stablehlo.log %51 : tensor<2x4xf32>
    %53 = stablehlo.add %52, %44 : tensor<2x4xf32>
    %54 = stablehlo.slice %16 [0:1, 0:4, 0:4] : (tensor<2x4x4xf32>) -> tensor<1x4x4xf32>
    %55 = stablehlo.reshape %54 : (tensor<1x4x4xf32>) -> tensor<4x4xf32>
    %56 = call @cumprod(%55) : (tensor<4x4xf32>) -> tensor<4x4xf32>
    %57 = call @cummax(%arg0) : (tensor<2x4x8xf32>) -> tensor<2x4x8xf32>
    return %29, %30, %31, %32, %35, %38, %53, %56, %57 : tensor<2x4x8xf32>, tensor<2x4xi32>, tensor<4x4xi32>, tensor<f32>, tensor<f32>, tensor<i1>, tensor<2x4xf32>, tensor<4x4xf32>, tensor<2x4x8xf32>
  }
  func.func private @_var(%arg0: tensor<2x4x8xf32>, %arg1: tensor<i32>) -> tensor<2x4x1xf32> {
    %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %0 = stablehlo.reduce(%arg0 init: %cst) applies stablehlo.add across dimensions = [2] : (tensor<2x4x8xf32>, tensor<f32>) -> tensor<2x4xf32>
    %1 = stablehlo.broadcast_in_dim %0, dims = [0, 1] : (tensor<2x4xf32>) -> tensor<2x4x1xf32>
    %cst_0 = stablehlo.constant dense<8.000000e+00> : tensor<f32>
    %2 = stablehlo.broadcast_in_dim %cst_0, dims = [] : (tensor<f32>) -> tensor<2x4x1xf32>
    %3 = stablehlo.divide %1, %2 : tensor<2x4x1xf32>
    %4 = stablehlo.broadcast_in_dim %3, dims = [0, 1, 2] : (tensor<2x4x1xf32>) -> tensor<2x4x8xf32>
    %5 = stablehlo.subtract %arg0, %4 : tensor<2x4x8xf32>
    %6 = chlo.square %5 : tensor<2x4x8xf32> -> tensor<2x4x8xf32>
    %7 = stablehlo.convert %arg1 : (tensor<i32>) -> tensor<f32>
    %cst_1 = stablehlo.constant dense<8.000000e+00> : tensor<f32>
    %8 = stablehlo.subtract %cst_1, %7 : tensor<f32>
    %cst_2 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %9 = stablehlo.reduce(%6 init: %cst_2) applies stablehlo.add across dimensions = [2] : (tensor<2x4x8xf32>, tensor<f32>) -> tensor<2x4xf32>
    %10 = stablehlo.broadcast_in_dim %9, dims = [0, 1] : (tensor<2x4xf32>) -> tensor<2x4x1xf32>
    %11 = stablehlo.broadcast_in_dim %8, dims = [] : (tensor<f32>) -> tensor<2x4x1xf32>
    %12 = stablehlo.divide %10, %11 : tensor<2x4x1xf32>
    %cst_3 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %13 = stablehlo.compare GT, %8, %cst_3, FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
    %cst_4 = stablehlo.constant dense<0x7FC00000> : tensor<f32>
    %14 = call @_where(%13, %12, %cst_4) : (tensor<i1>, tensor<2x4x1xf32>, tensor<f32>) -> tensor<2x4x1xf32>
    return %14 : tensor<2x4x1xf32>
  }
  func.func private @_where(%arg0: tensor<i1>, %arg1: tensor<2x4x1xf32>, %arg2: tensor<f32>) -> tensor<2x4x1xf32> {
    %0 = stablehlo.convert %arg2 : tensor<f32>
    %1 = stablehlo.broadcast_in_dim %0, dims = [] : (tensor<f32>) -> tensor<2x4x1xf32>
    %2 = stablehlo.select %arg0, %arg1, %1 : tensor<i1>, tensor<2x4x1xf32>
    return %2 : tensor<2x4x1xf32>
  }
  func.func private @argmax(%arg0: tensor<2x4x4xf32>) -> tensor<2x4xi32> {
    %0 = stablehlo.iota dim = 2 : tensor<2x4x4xi32>
    %cst = stablehlo.constant dense<0xFF800000> : tensor<f32>
    %c = stablehlo.constant dense<0> : tensor<i32>
    %1:2 = stablehlo.reduce(%arg0 init: %cst), (%0 init: %c) across dimensions = [2] : (tensor<2x4x4xf32>, tensor<2x4x4xi32>, tensor<f32>, tensor<i32>) -> (tensor<2x4xf32>, tensor<2x4xi32>)
     reducer(%arg1: tensor<f32>, %arg3: tensor<f32>) (%arg2: tensor<i32>, %arg4: tensor<i32>)  {
      %2 = stablehlo.compare GT, %arg1, %arg3, FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
      %3 = stablehlo.compare NE, %arg1, %arg1, FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
      %4 = stablehlo.or %2, %3 : tensor<i1>
      %5 = stablehlo.compare EQ, %arg1, %arg3, FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
      %6 = stablehlo.compare LT, %arg2, %arg4, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
      %7 = stablehlo.and %5, %6 : tensor<i1>
      %8 = stablehlo.or %4, %7 : tensor<i1>
      %9 = stablehlo.select %4, %arg1, %arg3 : tensor<i1>, tensor<f32>
      %10 = stablehlo.select %8, %arg2, %arg4 : tensor<i1>, tensor<i32>
      stablehlo.return %9, %10 : tensor<f32>, tensor<i32>
    }
    return %1#1 : tensor<2x4xi32>
  }
  func.func private @argmin(%arg0: tensor<2x4x4xf32>) -> tensor<4x4xi32> {
    %0 = stablehlo.iota dim = 0 : tensor<2x4x4xi32>
    %cst = stablehlo.constant dense<0x7F800000> : tensor<f32>
    %c = stablehlo.constant dense<0> : tensor<i32>
    %1:2 = stablehlo.reduce(%arg0 init: %cst), (%0 init: %c) across dimensions = [0] : (tensor<2x4x4xf32>, tensor<2x4x4xi32>, tensor<f32>, tensor<i32>) -> (tensor<4x4xf32>, tensor<4x4xi32>)
     reducer(%arg1: tensor<f32>, %arg3: tensor<f32>) (%arg2: tensor<i32>, %arg4: tensor<i32>)  {
      %2 = stablehlo.compare LT, %arg1, %arg3, FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
      %3 = stablehlo.compare NE, %arg1, %arg1, FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
      %4 = stablehlo.or %2, %3 : tensor<i1>
      %5 = stablehlo.compare EQ, %arg1, %arg3, FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
      %6 = stablehlo.compare LT, %arg2, %arg4, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
      %7 = stablehlo.and %5, %6 : tensor<i1>
      %8 = stablehlo.or %4, %7 : tensor<i1>
      %9 = stablehlo.select %4, %arg1, %arg3 : tensor<i1>, tensor<f32>
      %10 = stablehlo.select %8, %arg2, %arg4 : tensor<i1>, tensor<i32>
      stablehlo.return %9, %10 : tensor<f32>, tensor<i32>
    }
    return %1#1 : tensor<4x4xi32>
  }
  func.func private @cumprod(%arg0: tensor<4x4xf32>) -> tensor<4x4xf32> {
    %0 = call @cumprod_0(%arg0) : (tensor<4x4xf32>) -> tensor<4x4xf32>
    return %0 : tensor<4x4xf32>
  }
  func.func private @cumprod_0(%arg0: tensor<4x4xf32>) -> tensor<4x4xf32> {
    %cst = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %0 = "stablehlo.reduce_window"(%arg0, %cst) <{base_dilations = array<i64: 1, 1>, padding = dense<[[3, 0], [0, 0]]> : tensor<2x2xi64>, window_dilations = array<i64: 1, 1>, window_dimensions = array<i64: 4, 1>, window_strides = array<i64: 1, 1>}> ({
    ^bb0(%arg1: tensor<f32>, %arg2: tensor<f32>):
      %1 = stablehlo.multiply %arg1, %arg2 : tensor<f32>
      stablehlo.return %1 : tensor<f32>
    }) : (tensor<4x4xf32>, tensor<f32>) -> tensor<4x4xf32>
    return %0 : tensor<4x4xf32>
  }
  func.func private @cummax(%arg0: tensor<2x4x8xf32>) -> tensor<2x4x8xf32> {
    %cst = stablehlo.constant dense<0xFF800000> : tensor<f32>
    %0 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<f32>
    %1 = "stablehlo.reduce_window"(%arg0, %0) <{base_dilations = array<i64: 1, 1, 1>, padding = dense<[[0, 0], [3, 0], [0, 0]]> : tensor<3x2xi64>, window_dilations = array<i64: 1, 1, 1>, window_dimensions = array<i64: 1, 4, 1>, window_strides = array<i64: 1, 1, 1>}> ({
    ^bb0(%arg1: tensor<f32>, %arg2: tensor<f32>):
      %2 = stablehlo.maximum %arg1, %arg2 : tensor<f32>
      stablehlo.return %2 : tensor<f32>
    }) : (tensor<2x4x8xf32>, tensor<f32>) -> tensor<2x4x8xf32>
    return %1 : tensor<2x4x8xf32>
  }
}
