module @jit__conv_pool attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<2x9x9x3xf32>, %arg1: tensor<3x3x3x4xf32>) -> (tensor<2x2x3x4xf32> {jax.result_info = "result[0]"}, tensor<2x5x7x4xf32> {jax.result_info = "result[1]"}, tensor<3x3x3x4xf32> {jax.result_info = "result[2]"}) {
    %0 = stablehlo.convolution(%arg0, %arg1) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {stride = [2, 1], pad = [[1, 1], [0, 2]], lhs_dilate = [1, 1], rhs_dilate = [1, 2], reverse = [false, false]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]} : (tensor<2x9x9x3xf32>, tensor<3x3x3x4xf32>) -> tensor<2x5x7x4xf32>
    %cst = stablehlo.constant dense<0xFF800000> : tensor<f32>
    %1 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<f32>
    %2 = "stablehlo.reduce_window"(%0, %1) <{base_dilations = array<i64: 1, 1, 1, 1>, padding = dense<0> : tensor<4x2xi64>, window_dilations = array<i64: 1, 1, 1, 1>, window_dimensions = array<i64: 1, 2, 2, 1>, window_strides = array<i64: 1, 2, 2, 1>}> ({
    ^bb0(%arg2: tensor<f32>, %arg3: tensor<f32>):
      %15 = stablehlo.maximum %arg2, %arg3 : tensor<f32>
      stablehlo.return %15 : tensor<f32>
    }) : (tensor<2x5x7x4xf32>, tensor<f32>) -> tensor<2x2x3x4xf32>
    %cst_0 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %3 = stablehlo.broadcast_in_dim %cst_0, dims = [] : (tensor<f32>) -> tensor<f32>
    %4 = "stablehlo.reduce_window"(%0, %3) <{base_dilations = array<i64: 1, 1, 1, 1>, padding = dense<[[0, 0], [1, 1], [1, 1], [0, 0]]> : tensor<4x2xi64>, window_dilations = array<i64: 1, 1, 1, 1>, window_dimensions = array<i64: 1, 3, 3, 1>, window_strides = array<i64: 1, 1, 1, 1>}> ({
    ^bb0(%arg2: tensor<f32>, %arg3: tensor<f32>):
      %15 = stablehlo.add %arg2, %arg3 : tensor<f32>
      stablehlo.return %15 : tensor<f32>
    }) : (tensor<2x5x7x4xf32>, tensor<f32>) -> tensor<2x5x7x4xf32>
    %cst_1 = stablehlo.constant dense<9.000000e+00> : tensor<f32>
    %5 = stablehlo.broadcast_in_dim %cst_1, dims = [] : (tensor<f32>) -> tensor<2x5x7x4xf32>
    %6 = stablehlo.divide %4, %5 : tensor<2x5x7x4xf32>
    %7 = stablehlo.convolution(%arg0, %arg1) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {stride = [1, 1], pad = [[1, 1], [1, 1]], lhs_dilate = [1, 1], rhs_dilate = [1, 1], reverse = [false, false]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]} : (tensor<2x9x9x3xf32>, tensor<3x3x3x4xf32>) -> tensor<2x9x9x4xf32>
    %8 = stablehlo.multiply %7, %7 : tensor<2x9x9x4xf32>
    %cst_2 = stablehlo.constant dense<2.000000e+00> : tensor<f32>
    %9 = stablehlo.broadcast_in_dim %cst_2, dims = [] : (tensor<f32>) -> tensor<2x9x9x4xf32>
    %10 = stablehlo.multiply %9, %7 : tensor<2x9x9x4xf32>
    %cst_3 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %11 = stablehlo.reduce(%8 init: %cst_3) applies stablehlo.add across dimensions = [0, 1, 2, 3] : (tensor<2x9x9x4xf32>, tensor<f32>) -> tensor<f32>
    %cst_4 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %12 = stablehlo.broadcast_in_dim %cst_4, dims = [] : (tensor<f32>) -> tensor<2x9x9x4xf32>
    %13 = stablehlo.multiply %12, %10 : tensor<2x9x9x4xf32>
    %14 = stablehlo.convolution(%arg0, %13) dim_numbers = [f, 0, 1, b]x[i, 0, 1, o]->[0, 1, b, f], window = {stride = [1, 1], pad = [[1, 1], [1, 1]], lhs_dilate = [1, 1], rhs_dilate = [1, 1], reverse = [false, false]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]} : (tensor<2x9x9x3xf32>, tensor<2x9x9x4xf32>) -> tensor<3x3x3x4xf32>
    return %2, %6, %14 : tensor<2x2x3x4xf32>, tensor<2x5x7x4xf32>, tensor<3x3x3x4xf32>
  }
}
